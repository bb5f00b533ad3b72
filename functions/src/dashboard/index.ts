// The dashboard module's public entry: what other modules, the hosts and other packages use from it.
export { dashboard } from './dashboard-routes';
export { counterUpdate, dashboardCounter, employeeCounter, leadCounter, mergeDeltas, readCounters, type CounterDeltas, type CounterName } from './stats-repo';
