/** The size of the picture a shared link shows (Open Graph's large card, what WhatsApp and Telegram expect). */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
