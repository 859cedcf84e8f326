import type { ContentBlock, TextRun } from '@contract/content';
import { css } from '@styled/css';
import { API_BASE } from '@/lib/http';

const text = css({ lineHeight: '1.6', maxWidth: '72ch' });
const heading2 = css({ fontSize: 'xl', fontWeight: 'semibold', mt: '4' });
const heading3 = css({ fontSize: 'lg', fontWeight: 'semibold', mt: '2' });
const list = css({ pl: '6', display: 'flex', flexDirection: 'column', gap: '1', lineHeight: '1.6', maxWidth: '72ch' });
const link = css({ color: 'accentText', textDecoration: 'underline', overflowWrap: 'anywhere' });
const figure = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', my: '2' });
const image = css({
  maxWidth: '100%',
  maxHeight: '70vh',
  height: 'auto',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'line',
});

function Runs({ runs }: { runs: TextRun[] }) {
  return runs.map((run, index) => {
    const content = run.bold ? <strong>{run.text}</strong> : run.text;
    return run.href ? (
      <a key={index} href={run.href} className={link}>
        {content}
      </a>
    ) : (
      <span key={index}>{content}</span>
    );
  });
}

/** A document's blocks as the server parsed them from its source: the same the PDF draws, as elements (no raw HTML). */
export function DocumentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  return blocks.map((block, index) => {
    if (block.type === 'heading') {
      const Heading = block.level === 2 ? 'h2' : 'h3';
      return (
        <Heading key={index} className={block.level === 2 ? heading2 : heading3}>
          {block.text}
        </Heading>
      );
    }
    if (block.type === 'paragraph')
      return (
        <p key={index} className={text}>
          <Runs runs={block.runs} />
        </p>
      );
    if (block.type === 'list') {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List key={index} className={list} style={{ listStyleType: block.ordered ? 'decimal' : 'disc' }}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>
              <Runs runs={item} />
            </li>
          ))}
        </List>
      );
    }
    return (
      <figure key={index} className={figure}>
        <img src={API_BASE + block.src} alt={block.caption} className={image} loading="lazy" />
        {block.caption ? <figcaption className={css({ color: 'muted', fontSize: 'sm' })}>{block.caption}</figcaption> : null}
      </figure>
    );
  });
}
