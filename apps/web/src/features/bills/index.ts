export { HouseCurrencyCard } from './components/house-currency-card';
export { RecordPurchaseButton } from './components/record-purchase-dialog';
export { YourBalance } from './components/your-balance';
