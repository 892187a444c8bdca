import { AuditActions, AuditObjectTypes } from '@console/contract/audit-rules';
import enAudit from '@console/phrases/en-us/audit';
import zhAudit from '@console/phrases/zh-cn/audit';
import { describe, expect, it } from 'vitest';
import { actionName, actorName, objectName, objectTypeChoices, objectTypeName } from './audit-labels';

describe('operation names', () => {
  it('names the operations in either language', () => {
    expect(actionName(enAudit, 'auth.login')).toBe('Signed in');
    expect(actionName(zhAudit, 'auth.login')).toBe('登录');
    expect(actionName(enAudit, 'user.resetPassword')).toBe("Reset a user's password");
    expect(actionName(zhAudit, 'user.resetPassword')).toBe('重置用户密码');
    expect(actionName(enAudit, 'insight.enableUser')).toBe('Enabled an Insight user');
    expect(actionName(zhAudit, 'account.tag.set')).toBe('设置账户标签');
  });

  it('names every code the server writes, never by the code itself', () => {
    for (const names of [enAudit, zhAudit]) {
      for (const code of AuditActions) {
        expect(actionName(names, code), code).not.toBe(code);
        expect(actionName(names, code).trim(), code).not.toBe('');
      }
    }
  });

  it('shows a code it does not know (an older entry) as it is', () => {
    expect(actionName(enAudit, 'legacy.removed')).toBe('legacy.removed');
    expect(actionName(zhAudit, 'legacy.removed')).toBe('legacy.removed');
    // Not a name inherited from Object.prototype.
    expect(actionName(enAudit, 'toString')).toBe('toString');
  });
});

describe('object types', () => {
  it('names every object type, an unknown one as it is', () => {
    expect(objectTypeName(enAudit, 'user')).toBe('User');
    expect(objectTypeName(zhAudit, 'instance')).toBe('服务实例');
    for (const type of AuditObjectTypes) expect(objectTypeName(zhAudit, type)).not.toBe(type);
    expect(objectTypeName(enAudit, 'gadget')).toBe('gadget');
  });

  it.each([
    ['en-US', enAudit, 'Top-up order'],
    ['zh-CN', zhAudit, '充值订单'],
  ])(
    'offers every type the server writes in the filter, by name in %s, in that alphabet',
    (lang, names, topUp) => {
      const choices = objectTypeChoices(names, lang);
      expect(choices.map((c) => c.value).sort()).toEqual([...AuditObjectTypes].sort());
      for (const choice of choices) {
        expect(choice.label, choice.value).toBe(objectTypeName(names, choice.value));
        expect(choice.label, choice.value).not.toBe(choice.value);
      }
      expect(choices.find((c) => c.value === 'recharge')?.label).toBe(topUp);
      const labels = choices.map((c) => c.label);
      expect(labels).toEqual([...labels].sort(new Intl.Collator(lang).compare));
    },
  );

  it('gives the object by its name, else its id', () => {
    expect(objectName({ objectName: 'admin_demo', objectId: '8' })).toBe('admin_demo');
    expect(objectName({ objectName: null, objectId: '8' })).toBe('8');
    expect(objectName({ objectName: ' ', objectId: null })).toBe('');
  });
});

describe('the actor', () => {
  const entry = (userId: number | null, username: string | null, objectType = 'user') => ({
    userId,
    username,
    objectType,
  });

  it('spells the system one way, in each language, whatever the entry stored', () => {
    for (const stored of [null, '', 'system', 'System', ' SYSTEM ']) {
      expect(actorName(enAudit, entry(null, stored)), String(stored)).toBe('System');
      expect(actorName(zhAudit, entry(null, stored)), String(stored)).toBe('系统');
    }
  });

  it('keeps a user, even one named "system", and a sign-in attempt’s typed name', () => {
    expect(actorName(enAudit, entry(8, 'admin_demo'))).toBe('admin_demo');
    expect(actorName(enAudit, entry(9, 'system'))).toBe('system');
    expect(actorName(enAudit, entry(null, 'nobody_here', 'session'))).toBe('nobody_here');
    expect(actorName(enAudit, entry(null, 'system', 'session'))).toBe('system');
    expect(actorName(zhAudit, entry(null, '', 'session'))).toBe('-');
  });

  it("names an act of the platform's back office by the operator's role, never their name", () => {
    const act = {
      userId: null,
      username: null,
      objectType: 'account',
      info: { operator: { role: 'support' } },
    };
    expect(actorName(enAudit, act)).toBe('Platform operator (support)');
    expect(actorName(zhAudit, act)).toBe('平台运营人员（技术支持）');
    // A user's own entry keeps the user, whatever its details say.
    expect(actorName(enAudit, { ...act, userId: 8, username: 'admin_demo' })).toBe('admin_demo');
    // An entry without an operator's role stays the system's.
    expect(actorName(enAudit, { ...act, info: { operator: {} } })).toBe('System');
  });
});
