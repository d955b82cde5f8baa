import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * One unit of work across repositories (and the ledger): `run` opens a transaction and hands its
 * EntityManager to the work, which passes it to every repository call that must commit with it.
 * Services hold this instead of the DataSource, so a unit spec gives them a fake.
 */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
