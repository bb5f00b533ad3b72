// The customers module's public entry: what other modules, the hosts and other packages use from it.
export { customerEntity, customerProjectCountWrite, getCustomers, newCustomer } from './customer-repo';
export { customers } from './customers-routes';
