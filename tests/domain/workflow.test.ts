import { Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryValues } from "../../src/domain/api/endpoint";
import { allowedBulkActions, specialActionStates } from "../../src/domain/outlets/actionsConfig";
import { BulkUpdateRequest, bulkPayload } from "../../src/domain/outlets/bulkUpdate";
import {
  extraDataErrors,
  extraFieldKind,
  joinReasons,
  needsChainConfirmation,
  splitReasons,
} from "../../src/domain/outlets/extraFields";
import {
  listingFilter,
  OutletListingQuery,
  outletListingQuery,
} from "../../src/domain/outlets/outletListing";
import {
  OUTLET_STATES_BY_TYPE,
  SUB_PROJECT_TYPES,
  stateLabel,
  workflowTypeOf,
} from "../../src/domain/outlets/outletStates";
import {
  DUPLICATE_CHAIN_REASON,
  reasonLabels,
  WORKFLOW_ACTIONS,
} from "../../src/domain/outlets/workflowActions";
import { WORKFLOW_ROLES, workflowPermission } from "../../src/domain/shared/permissions";
import { decodeFields } from "../../src/domain/shared/schemaErrors";
import { UTR_FORMAT } from "../../src/domain/shared/validation";
import { actionsConfigFor, nextState, pathTo } from "../../src/machines/outlets/outletWorkflowConfig";

const TODAY = "2026-11-20";
const config = (role: (typeof WORKFLOW_ROLES)[number]) => actionsConfigFor(workflowPermission(role));
const outlet = (workflow_state: string, subProject = "retail_audit") => ({ workflow_state, subProject });
const names = (list: { name: string }[]) => list.map((a) => a.name);

describe("extra fields by key name (spec 000 §5)", () => {
  it("renders name, number, remarks and amount as text, number and amount numeric except utr_number", () => {
    expect(extraFieldKind("account_holder_name")).toBe("text");
    expect(extraFieldKind("remarks")).toBe("text");
    expect(extraFieldKind("payment_remarks")).toBe("text");
    expect(extraFieldKind("amount")).toBe("number");
    expect(extraFieldKind("cheque_number")).toBe("number");
    expect(extraFieldKind("utr_number")).toBe("text");
    expect(extraFieldKind("payment_date")).toBe("date");
    expect(extraFieldKind("related_workflow_reasons")).toBe("reason");
  });

  it("sends several reasons semicolon-terminated and reads them back", () => {
    expect(joinReasons(["a", "b"])).toBe("a;b;");
    expect(joinReasons([])).toBe("");
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z_]{1,12}$/)), (reasons) => {
        expect(splitReasons(joinReasons(reasons))).toEqual(reasons);
      }),
    );
    expect(needsChainConfirmation(`images_not_clear;${DUPLICATE_CHAIN_REASON};`)).toBe(true);
  });

  it("checks what the server receives: reasons, the three rejections' description, numbers and dates", () => {
    const reject = WORKFLOW_ACTIONS.wip_client_rejected;
    expect(extraDataErrors("wip_client_rejected", reject, "wip_client_rejected", {}, [], TODAY)).toEqual({
      related_workflow_reasons: ["This field is required."],
    });
    expect(
      extraDataErrors(
        "wip_client_rejected",
        reject,
        "wip_client_rejected",
        { related_workflow_reasons: "low_sales_volume" },
        [],
        TODAY,
      ),
    ).toEqual({ related_workflow_reasons_description: ["This field is required."] });
    const pay = WORKFLOW_ACTIONS.payment_successful;
    expect(
      extraDataErrors(
        "payment_successful",
        pay,
        "payment_successful",
        { utr_number: "UTR1", amount: "ten", payment_date: "2026-02-30" },
        [],
        TODAY,
      ),
    ).toEqual({
      utr_number: [UTR_FORMAT],
      amount: ["A valid number is required."],
      payment_date: ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
    });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.array(fc.string()), (extra, chain) => {
        expect(
          typeof extraDataErrors(
            "qc_rejected",
            WORKFLOW_ACTIONS.qc_rejected,
            "qc_rejected",
            extra,
            chain,
            TODAY,
          ),
        ).toBe("object");
      }),
    );
  });
});

describe("actions offered in the bulk modal (spec 000 §4.2, §6)", () => {
  it("combines actions across the selected outlets; different states with no common action give none", () => {
    const qc = config("qc-manager");
    expect(
      names(allowedBulkActions([outlet("qc_pending"), outlet("qc_pending", "retail_audit_cycle")], qc)),
    ).toEqual(["qc_accepted", "qc_rejected"]);
    expect(allowedBulkActions([outlet("qc_pending"), outlet("qc_rejected")], qc)).toEqual([]);
    expect(allowedBulkActions([], qc)).toEqual([]);
  });

  it("offers an individual action only for a single outlet", () => {
    const qc = config("qc-manager");
    expect(names(allowedBulkActions([outlet("qc_rejected")], qc))).toEqual(["qc_pending"]);
    expect(allowedBulkActions([outlet("qc_rejected"), outlet("qc_rejected")], qc)).toEqual([]);
  });

  it("offers a special action only when every outlet's state is among its allowed states", () => {
    const qc = config("qc-manager");
    const both = allowedBulkActions([outlet("qc_accepted"), outlet("calling_accepted")], qc);
    expect(both.map((a) => [a.name, a.special])).toEqual([["send_back_to_qc", true]]);
    expect(allowedBulkActions([outlet("qc_accepted"), outlet("qc_pending")], qc)).toEqual([]);
    expect(specialActionStates(qc.allowed_user_special_actions_config)).toEqual([
      "calling_accepted",
      "calling_rejected",
      "qc_accepted",
    ]);
  });

  it("leaves out actions updated in their own list (No Actions Available)", () => {
    const iftu = config("iftu-manager");
    expect(iftu.allowed_user_actions_config.calling_accepted?.["3p_payout"]?.payouts_plotted).toBeDefined();
    expect(allowedBulkActions([outlet("calling_accepted", "3p_payout")], iftu)).toEqual([]);
    expect(names(allowedBulkActions([outlet("payouts_plotted", "payout_cycle")], iftu))).toEqual([
      "payment_successful",
    ]);
  });

  it("gives a client executive (view only) nothing", () => {
    const view = config("client-manager-view");
    expect(view.allowed_user_actions_config).toEqual({});
    expect(view.allowed_user_special_actions_config).toEqual({});
  });
});

describe("the workflow machines", () => {
  it("reach every state of every sub-project type from qc_pending, by someone", () => {
    const everyone = WORKFLOW_ROLES.map(workflowPermission);
    for (const type of SUB_PROJECT_TYPES) {
      for (const state of OUTLET_STATES_BY_TYPE[type]) {
        expect(pathTo(type, state, everyone), `${type} ${state}`).not.toBeNull();
      }
    }
  });

  it("agree with the derived config for every permission, state and action", () => {
    for (const role of WORKFLOW_ROLES) {
      const permission = workflowPermission(role);
      const { allowed_user_actions_config: actions } = actionsConfigFor(permission);
      for (const type of SUB_PROJECT_TYPES) {
        for (const state of OUTLET_STATES_BY_TYPE[type]) {
          for (const action of Object.keys(WORKFLOW_ACTIONS)) {
            const offered = action in (actions[state]?.[type] ?? {});
            const result = nextState(type, state, action, permission);
            expect(result.ok, `${role} ${type} ${state} ${action}`).toBe(offered);
            if (result.ok) expect(result.to).toBe(action);
          }
        }
      }
    }
  });

  it("follow the project type's workflow in cycle sub-projects", () => {
    expect(workflowTypeOf("payout_cycle")).toBe("3p_payout");
    expect(workflowTypeOf("retail_audit_cycle")).toBe("retail_audit");
    expect(workflowTypeOf("nonsense")).toBeNull();
    expect(nextState("nonsense", "qc_pending", "qc_accepted", workflowPermission("qc-manager"))).toEqual({
      ok: false,
      reason: "unknownType",
    });
    expect(stateLabel("wip_client_accepted")).toBe("WIP Client Accepted");
  });
});

/** The listing query as the client sends it: encoded by its schema, a repeated key repeated. */
const wire = (query: OutletListingQuery) =>
  new URLSearchParams(
    Object.entries(Schema.encodeSync(OutletListingQuery)(query)).flatMap(([key, value]) =>
      (typeof value === "string" ? [value] : value).map((v) => [key, v]),
    ),
  ).toString();

describe("outlet listing query (spec 000 §7.5)", () => {
  it("prefixes workflow_based, drops show_only_special_action_states=false, keeps repeated status", () => {
    const query = outletListingQuery(
      [
        ["status", "qc_pending"],
        ["status", "qc_accepted"],
        ["show_only_special_action_states", "false"],
        ["include_temp", "no"],
      ],
      true,
    );
    expect(query).toEqual({
      workflow_based: "true",
      status: ["qc_pending", "qc_accepted", "active"],
      include_temp: "yes",
    });
    expect(wire(query)).toBe(
      "workflow_based=true&status=qc_pending&status=qc_accepted&status=active&include_temp=yes",
    );
    expect(
      wire(
        outletListingQuery(
          [
            ["status", "inactive"],
            ["show_only_special_action_states", "true"],
          ],
          true,
        ),
      ),
    ).toBe("workflow_based=true&status=inactive&show_only_special_action_states=true&include_temp=yes");
    expect(wire(outletListingQuery([], false))).toBe("include_temp=yes");
  });

  it("reads any query into a filter or field lines, never a throw", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string())), (pairs) => {
        const result = decodeFields(OutletListingQuery, queryValues(new URLSearchParams(pairs)));
        if (result.ok) expect(listingFilter(result.value).search).toBe((result.value.search ?? "").trim());
        else expect(Object.keys(result.errors).length).toBeGreaterThan(0);
      }),
    );
  });

  it("says what is wrong with each value under its key", () => {
    const read = (query: string) => decodeFields(OutletListingQuery, queryValues(new URLSearchParams(query)));
    expect(
      read("status=closed&status=qc_pending&ordering=password&region=x&created_from=2026-13-01"),
    ).toEqual({
      ok: false,
      errors: {
        status: ['"closed" is not a valid choice.'],
        region: ['"x" is not a valid id.'],
        created_from: ['"2026-13-01" is not a YYYY-MM-DD date.'],
        ordering: ['"password" is not a valid ordering.'],
      },
    });
    expect(read("include_temp=maybe&search=%00")).toEqual({
      ok: false,
      errors: { search: ["Null characters are not allowed."], include_temp: ['"maybe" is not yes or no.'] },
    });
    const ok = read("status=qc_pending&status=active&region=3&ordering=-rsid&search=%20kirana%20&page=2");
    expect(ok.ok && listingFilter(ok.value)).toMatchObject({
      workflowStates: ["qc_pending"],
      outletStatuses: ["active"],
      includeTemp: true,
      ids: { region: [3], city: [] },
      search: "kirana",
      ordering: { key: "rsid", descending: true },
    });
  });
});

describe("bulk payload (spec 000 §3, §7.3)", () => {
  it("sends select_all false, filled fields, the description and each outlet's version", () => {
    const payload = bulkPayload(
      "wip_client_rejected",
      [
        {
          id: 4,
          rsid: "RS000004",
          workflow_state: "calling_accepted",
          subProject: "retail_audit",
          version: 3,
        },
      ],
      { related_workflow_reasons: "low_sales_volume", remarks: "  " },
      "Sells little",
      [],
    );
    expect(payload).toEqual({
      action_type: "wip_client_rejected",
      object_ids: [4],
      extra_data: {
        related_workflow_reasons: "low_sales_volume",
        related_workflow_reasons_description: "Sells little",
      },
      select_all: false,
      chain_rsids: [],
      object_versions: { "4": 3 },
    });
    expect(decodeFields(BulkUpdateRequest, { ...payload })).toEqual({ ok: true, value: payload });
  });

  it("reads any received body into a request or field errors, never a throw", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (body) => {
        expect(typeof decodeFields(BulkUpdateRequest, body).ok).toBe("boolean");
      }),
    );
  });
});

describe("a decision's reasons as the field auditor reads them", () => {
  it("shows each stored reason key's label, several joined, an unknown key as it is", () => {
    expect(reasonLabels("images_not_clear")).toBe("Images are not clear");
    expect(reasonLabels("signage_pending,stock_pending")).toBe("Signage pending, Stock pending");
    expect(reasonLabels("something_new")).toBe("something_new");
  });
});
