import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge.tsx';

describe('Badge', () => {
  it('says the state in words, whatever its colour', () => {
    render(<Badge tone="warning">Sin confirmar</Badge>);
    expect(screen.getByText('Sin confirmar')).toBeVisible();
  });
});
