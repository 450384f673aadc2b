export { meQuery, useMe, userKeys, useUserExists } from './api';
export { ProfileLanguage } from './profile-language';
