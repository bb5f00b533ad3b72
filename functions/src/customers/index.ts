// The customers module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
export { addCustomerProjectCount, customerEntity, getCustomers, newCustomer } from './customer-repo';
