// The projects module's public entry: what other modules, the hosts and other packages use from it.
export { getProject, newProject, projectEntity, websiteProjectDates } from './project-repo';
export { projects } from './projects-routes';
