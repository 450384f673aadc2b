export { meQuery, useMe, userKeys, useUserExists } from './api';
export { feature } from './feature';
export { ProfileLanguage } from './profile-language';
