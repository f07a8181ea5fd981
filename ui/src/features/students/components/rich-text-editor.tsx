import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { sanitizeNotesHtml } from './notes-html.ts';
import { TOOLTIP_PROPS } from '../../../lib/tooltip-props.ts';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  id?: string;
  ariaLabel: string;
}

const COMMANDS = [
  { command: 'bold', title: 'Bold', icon: <BoldOutlined /> },
  { command: 'italic', title: 'Italic', icon: <ItalicOutlined /> },
  { command: 'insertUnorderedList', title: 'Bulleted list', icon: <UnorderedListOutlined /> },
  { command: 'insertOrderedList', title: 'Numbered list', icon: <OrderedListOutlined /> },
] as const;

/**
 * A small contentEditable editor: bold, italic and lists are all notes need.
 * What it loads is sanitised first, and the server sanitises what it saves.
 */
export function RichTextEditor({ value, onChange, onBlur, id, ariaLabel }: RichTextEditorProps) {
  const editor = useRef<HTMLDivElement>(null);

  // Only push outside values in (loading, reset); rewriting while typing would move the caret.
  useEffect(() => {
    const element = editor.current;
    if (element && document.activeElement !== element && element.innerHTML !== value) {
      element.innerHTML = sanitizeNotesHtml(value);
    }
  }, [value]);

  const run = (command: string) => {
    editor.current?.focus();
    // execCommand is deprecated but is still the one portable way to format a contentEditable.
    document.execCommand(command, false);
    onChange(editor.current?.innerHTML ?? '');
  };

  return (
    <div className="rich-text-editor">
      <Space size={4} className="rich-text-toolbar">
        {COMMANDS.map(({ command, title, icon }) => (
          <Tooltip key={command} title={title} {...TOOLTIP_PROPS}>
            <Button
              size="small"
              type="text"
              icon={icon}
              aria-label={title}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            />
          </Tooltip>
        ))}
      </Space>
      <div
        ref={editor}
        id={id}
        className="rich-text-content"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        tabIndex={0}
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onBlur={onBlur}
        // Enter makes paragraphs rather than <div>s, which the server's allow-list keeps.
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
      />
    </div>
  );
}
