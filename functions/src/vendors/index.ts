// The vendors module's public entry: what other modules, the hosts and other packages use from it.
export { vendorEntity } from './vendor-repo';
export { vendors } from './vendors-routes';
