/** Every admin module's th-TH strings in one chunk (issue 38 item 13: one request, compressed together). */
export default Object.assign({}, ...Object.values(import.meta.glob<Record<string, string>>('../../../i18n/strings/admin/*/th-TH.json', { eager: true, import: 'default' }))) as Record<string, string>;
