import { act } from '@testing-library/react';

/** A stand-in IntersectionObserver whose entries the test moves in and out of view. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static show(target: Element, visible: boolean) {
    for (const observer of FakeObserver.all)
      if (observer.targets.includes(target))
        act(() =>
          observer.callback(
            [{ target, isIntersecting: visible } as IntersectionObserverEntry],
            observer as unknown as IntersectionObserver,
          ),
        );
  }
}
