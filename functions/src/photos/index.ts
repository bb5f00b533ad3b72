// The photos module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
export { localPhotoStorage } from './local-photo-storage';
export { attachmentDisposition, attachmentKey, attachmentStagingKey, blogImageKey, blogImageStagingKey, companyLogoKey, companyLogoStagingKey, employeePhotoKey, employeeStagingKey, keyOfPhotoUrl, ownCompanyLogoKey, ownEmployeePhotoKey, photoKey, photoUrl, stagingKey, type PhotoStorage } from './photo-storage';
export { s3PhotoStorage } from './s3-photo-storage';
export { removeFiles } from './stored-files-routes';
