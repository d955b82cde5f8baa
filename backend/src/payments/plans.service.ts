import { Injectable, NotFoundException } from '@nestjs/common';
import { ErrorText, type PlanKind } from '@mememint/contracts';

import type { Plan } from './entities/plan.entity.js';
import { type NewPlan, type PlanChanges, PaymentsRepository } from './payments.repository.js';

/** The plans on sale, and their editing by admins. */
@Injectable()
export class PlansService {
  constructor(private readonly payments: PaymentsRepository) {}

  listOnSale(kind: PlanKind): Promise<Plan[]> {
    return this.payments.listActivePlans(kind);
  }

  listAll(): Promise<Plan[]> {
    return this.payments.listPlans();
  }

  create(plan: NewPlan): Promise<Plan> {
    return this.payments.createPlan(plan);
  }

  /** Pending orders keep the price and grants they were made with. */
  async update(id: number, changes: PlanChanges): Promise<Plan> {
    const plan = await this.payments.updatePlan(id, changes);
    if (!plan) throw new NotFoundException(ErrorText.planNotFound);
    return plan;
  }
}
