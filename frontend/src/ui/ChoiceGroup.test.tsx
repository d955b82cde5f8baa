import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { ChoiceGroup } from './ChoiceGroup';

function Periods({ kind }: { kind: 'tab' | 'radio' }) {
  const [value, setValue] = useState<'day' | 'week' | null>(null);
  return (
    <ChoiceGroup
      kind={kind}
      options={['day', 'week'] as const}
      value={value}
      onChange={setValue}
      label={(option) => option.toUpperCase()}
      className="chips"
      itemClassName="chip"
    />
  );
}

describe('ChoiceGroup', () => {
  it('as tabs: a tablist whose tapped tab is the selected one', async () => {
    render(<Periods kind="tab" />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'WEEK' }));
    expect(screen.getByRole('tab', { name: 'WEEK' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'WEEK' })).toHaveClass('chip', 'is-active');
    expect(screen.getByRole('tab', { name: 'DAY' })).toHaveAttribute('aria-selected', 'false');
  });

  it('as radios: a radiogroup with nothing checked until one is tapped', async () => {
    render(<Periods kind="radio" />);
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'DAY' }));
    expect(screen.getByRole('radio', { checked: true })).toHaveAccessibleName('DAY');
  });
});
