// Everything the app's animations use: springs and exits, drag (the swipe deck), layout (the rating).
export { domMax as default } from 'motion/react';
