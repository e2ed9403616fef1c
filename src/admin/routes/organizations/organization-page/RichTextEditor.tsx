/**
 * Rich text of a branch (about, patient guide): Tiptap with the StarterKit (paragraphs, bold, italic, lists,
 * headings), a toolbar of labelled buttons, and the public page's 4-line collapse previewed below it. What it
 * produces is HTML, sanitized on the server before it is stored (src/server/rich-text.ts).
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { COLLAPSED_TEXT_LINES } from '../../../../lib/hospital-page';
import { useT } from '../../../i18n';

export function RichTextEditor({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (html: string) => void }) {
  const { t } = useT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3, 4] }, code: false, codeBlock: false, horizontalRule: false })],
    content: value || '',
    editorProps: { attributes: { id, class: 'rich-text-input input', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ bold: !!e?.isActive('bold'), italic: !!e?.isActive('italic'), bullet: !!e?.isActive('bulletList'), ordered: !!e?.isActive('orderedList'), heading: !!e?.isActive('heading', { level: 3 }) }),
  });
  const [expanded, setExpanded] = useState(false);
  const tool = (key: keyof NonNullable<typeof active>, text: string, run: () => void) => (
    <button type="button" className={`btn btn-small${active?.[key] ? ' btn-primary' : ''}`} aria-pressed={!!active?.[key]} onClick={run}>
      {text}
    </button>
  );
  return (
    <div className="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('admin.organizations.editor.toolbar', { name: label })}>
        {tool('bold', t('admin.organizations.editor.bold'), () => editor?.chain().focus().toggleBold().run())}
        {tool('italic', t('admin.organizations.editor.italic'), () => editor?.chain().focus().toggleItalic().run())}
        {tool('heading', t('admin.organizations.editor.heading'), () => editor?.chain().focus().toggleHeading({ level: 3 }).run())}
        {tool('bullet', t('admin.organizations.editor.bulletList'), () => editor?.chain().focus().toggleBulletList().run())}
        {tool('ordered', t('admin.organizations.editor.orderedList'), () => editor?.chain().focus().toggleOrderedList().run())}
      </div>
      <EditorContent editor={editor} />
      {value ? (
        <div className="rich-text-preview card">
          <p className="field-hint">{t('admin.organizations.editor.preview')}</p>
          {/* The editor's own output of this session, shown as the public page collapses it (sanitized again when saved). */}
          <div className={expanded ? 'preview-body' : 'preview-body preview-collapsed'} style={{ ['--lines' as string]: COLLAPSED_TEXT_LINES }} dangerouslySetInnerHTML={{ __html: editor?.getHTML() ?? '' }} />
          <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? t('admin.organizations.editor.showLess') : t('admin.organizations.editor.showMore')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
