import { Injectable, Logger } from '@nestjs/common';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
  type TransactionStartEvent,
} from 'typeorm';

import { describeError, runDetached } from '../common/run-detached.js';

type Callback = () => void | Promise<void>;

/**
 * Runs callbacks once the transaction they were registered in has committed, wherever that
 * transaction was opened (a service's own or its caller's). TypeORM reports every transaction start,
 * commit and rollback of a query runner, savepoints included, so this keeps one list of callbacks per
 * open level: a released savepoint hands its callbacks to the level around it, a rolled-back one
 * drops them, and the outermost COMMIT runs them. A callback never delays or fails the commit: it runs
 * after it, and its error is logged.
 */
@Injectable()
export class TransactionHooks implements EntitySubscriberInterface {
  private readonly logger = new Logger(TransactionHooks.name);
  private readonly levels = new WeakMap<QueryRunner, Callback[][]>();

  constructor(dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /** Runs `callback` after `manager`'s transaction commits; at once when it is not in one. */
  afterCommit(manager: EntityManager, callback: Callback): void {
    const runner = manager.queryRunner;
    const levels = runner ? this.levels.get(runner) : undefined;
    if (levels?.length) {
      levels.at(-1)!.push(callback);
      return;
    }
    if (runner?.isTransactionActive) {
      // Only a transaction begun before this subscriber existed gets here (never after boot).
      throw new Error('TransactionHooks: the transaction began before the hooks were registered.');
    }
    this.run([callback]);
  }

  afterTransactionStart({ queryRunner }: TransactionStartEvent): void {
    const levels = this.levels.get(queryRunner);
    if (levels) levels.push([]);
    else this.levels.set(queryRunner, [[]]);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    const levels = this.levels.get(queryRunner);
    const committed = levels?.pop();
    if (!levels || !committed) return;
    if (levels.length > 0) levels.at(-1)!.push(...committed);
    else this.run(committed);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    this.levels.get(queryRunner)?.pop();
  }

  private run(callbacks: Callback[]): void {
    for (const callback of callbacks) {
      runDetached(callback, (error) =>
        this.logger.error(`An after-commit callback failed: ${describeError(error)}`),
      );
    }
  }
}
