import type { FaceChoice, FaceRect } from '@mememint/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { faceChoiceField, FacePicker } from './FacePicker';

/** Three faces of a 1000 × 500 picture, largest first; the last reaches past its right edge. */
const FACES: FaceRect[] = [
  { x: 100, y: 50, width: 300, height: 400 },
  { x: 500, y: 100, width: 200, height: 260 },
  { x: 900, y: 200, width: 150, height: 180 },
];

function Picker({
  initial = 'largest' as FaceChoice,
  defaultFace,
}: {
  initial?: FaceChoice;
  defaultFace?: number;
}) {
  const [choice, setChoice] = useState<FaceChoice>(initial);
  return (
    <>
      <FacePicker
        imageUrl="/p.webp"
        width={1000}
        height={500}
        faces={FACES}
        defaultFace={defaultFace}
        value={choice}
        onChange={setChoice}
      />
      <output data-testid="sent">{faceChoiceField(choice) ?? '(largest)'}</output>
    </>
  );
}

const face = (number: number) => screen.getByRole('button', { name: `Face ${number}` });
const pressed = () => [1, 2, 3].map((number) => face(number).getAttribute('aria-pressed'));
const sent = () => screen.getByTestId('sent').textContent;

describe('FacePicker', () => {
  it('outlines every face over the picture where it is, kept inside it', () => {
    render(<Picker />);
    const { left, top, width, height } = face(1).style;
    expect({ left, top, width, height }).toEqual({ left: '10%', top: '10%', width: '30%', height: '80%' });
    // 900 + 150 reaches past 1000: the outline stops at the edge.
    expect([face(3).style.left, face(3).style.width]).toEqual(['90%', '10%']);
  });

  it('starts with the largest face, sending nothing (the server’s default)', () => {
    render(<Picker />);
    expect(pressed()).toEqual(['true', 'false', 'false']);
    expect(sent()).toBe('(largest)');
    expect(screen.getByText('1 of 3 chosen')).toBeInTheDocument();
  });

  it('preselects the template’s default face (the more frontal and sharper), sending nothing', async () => {
    render(<Picker defaultFace={1} />);
    expect(pressed()).toEqual(['false', 'true', 'false']);
    expect(sent()).toBe('(largest)');
    // A tap on another face keeps the default one chosen beside it.
    await userEvent.click(face(3));
    expect(sent()).toBe('[1,2]');
  });

  it('adds and removes faces by tapping, keeping one at least', async () => {
    render(<Picker />);
    await userEvent.click(face(3));
    expect(pressed()).toEqual(['true', 'false', 'true']);
    expect(sent()).toBe('[0,2]');
    await userEvent.click(face(1));
    expect(sent()).toBe('[2]');
    // The last chosen face stays chosen.
    await userEvent.click(face(3));
    expect(pressed()).toEqual(['false', 'false', 'true']);
    expect(sent()).toBe('[2]');
  });

  it('"All faces" takes every face, as tapping each one does; a tap then leaves that face out', async () => {
    render(<Picker />);
    await userEvent.click(screen.getByRole('button', { name: 'All faces' }));
    expect(pressed()).toEqual(['true', 'true', 'true']);
    expect(sent()).toBe('all');
    expect(screen.getByRole('button', { name: 'All faces' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(face(2));
    expect(sent()).toBe('[0,2]');
    expect(screen.getByRole('button', { name: 'All faces' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(face(2));
    expect(sent()).toBe('all');
  });
});
