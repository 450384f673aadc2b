export { useHouse } from './api';
export { HouseInviteCard } from './components/house-invite-card';
