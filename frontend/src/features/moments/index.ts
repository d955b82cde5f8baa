export { celebrate, firstTime, type CounterKind, type Moment, type MomentKind } from './moments';
export { flyToCounter, reducedMotion } from './fly-to-counter';
export { MomentFrame } from './MomentFrame';
export { Gain, GainIcon, MomentHost } from './MomentHost';
