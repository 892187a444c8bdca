import { Icon } from '../ui/icon';
import './public-layout.css';

export type TStepsProps = {
  /** The labels of the steps, in order. */
  labels: readonly string[];
  /** Index of the current step. */
  current: number;
  /** A label for the list, for screen readers. */
  label?: string;
};

/** A row of numbered steps: done ones ticked, the current one highlighted. */
export function Steps({ labels, current, label }: TStepsProps) {
  return (
    <ol className="cz-steps" aria-label={label} data-testid="steps" data-current={current}>
      {labels.map((text, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={text}
            className={`cz-steps__item is-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="cz-steps__dot" aria-hidden="true">
              {state === 'done' ? <Icon name="check" size={14} /> : index + 1}
            </span>
            <span className="cz-steps__label">{text}</span>
          </li>
        );
      })}
    </ol>
  );
}
