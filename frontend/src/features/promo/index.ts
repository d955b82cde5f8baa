/** The promo feature's public face: the two dialogs of the top menu. */
export { PromoCreateDialog } from './PromoCreateDialog';
export { PromoEnterDialog } from './PromoEnterDialog';
