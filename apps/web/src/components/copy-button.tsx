import { useEffect, useState } from 'react';
import { LineIcon } from './ui/line-icon';
import './verify.css';

/** Copies text to the clipboard: the Clipboard API, else a hidden selection (older or insecure contexts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let isCopied = false;
  try {
    isCopied = document.execCommand('copy');
  } catch {
    isCopied = false;
  }
  area.remove();
  return isCopied;
}

export type TCopyButtonProps = {
  text: string;
  texts: { copy: string; copied: string };
  testId?: string;
  /** How long "copied" shows (ms). */
  copiedMs?: number;
};

/** A copy button that says "copied" for a moment after copying (spec: "copied" message). */
export function CopyButton({ text, texts, testId = 'copy-button', copiedMs = 2000 }: TCopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const id = setTimeout(() => setIsCopied(false), copiedMs);
    return () => clearTimeout(id);
  }, [isCopied, copiedMs]);
  return (
    <button
      type="button"
      className={`cz-copy${isCopied ? ' is-copied' : ''}`}
      onClick={() => {
        void copyText(text).then((ok) => setIsCopied(ok));
      }}
      data-testid={testId}
      data-copied={isCopied}
    >
      <LineIcon name={isCopied ? 'check' : 'copy'} size={14} />
      <span aria-live="polite" data-testid={`${testId}-label`}>
        {isCopied ? texts.copied : texts.copy}
      </span>
    </button>
  );
}
