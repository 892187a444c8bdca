/** The job's SQL text: monospace and wrapping (never scrolling sideways), with a copy button that says it copied. */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { copyText } from '@/components/copy-button';

type TProps = { sql: string; texts: { copy: string; copied: string } };

export function SqlBlock({ sql, texts }: TProps) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const id = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(id);
  }, [isCopied]);
  return (
    <div className="cz-share-sql">
      <div className="cz-share-sql__actions">
        <Button
          size="small"
          icon={isCopied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copyText(sql).then(setIsCopied)}
          data-testid="profile-sql-copy"
        >
          <span aria-live="polite">{isCopied ? texts.copied : texts.copy}</span>
        </Button>
      </div>
      <pre className="cz-share-sql__text" data-testid="profile-sql">
        <code>{sql}</code>
      </pre>
    </div>
  );
}
