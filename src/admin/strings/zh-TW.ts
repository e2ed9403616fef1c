/** Every admin module's zh-TW strings in one chunk (issue 38 item 13: one request, compressed together). */
export default Object.assign({}, ...Object.values(import.meta.glob<Record<string, string>>('../../../i18n/strings/admin/*/zh-TW.json', { eager: true, import: 'default' }))) as Record<string, string>;
