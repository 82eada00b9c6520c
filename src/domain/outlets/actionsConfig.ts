/**
 * The actions configuration the bulk status modal reads (spec 000 §3, §4.2, §6; 001 §6) and the
 * rule that combines it across the selected outlets. The server derives both configs for the
 * signed-in user from the workflow machines.
 */
import { Schema } from "effect";

export const ReasonChoiceSchema = Schema.Struct({ key: Schema.String, label: Schema.String });

export const ExtraFieldConfig = Schema.Struct({
  display_name: Schema.String,
  choices: Schema.Array(ReasonChoiceSchema),
});
export type ExtraFieldConfig = typeof ExtraFieldConfig.Type;

export const ExtraDataConfig = Schema.Record(Schema.String, ExtraFieldConfig);
export type ExtraDataConfig = typeof ExtraDataConfig.Type;

export const ActionConfig = Schema.Struct({
  display_name: Schema.String,
  extra_data: ExtraDataConfig,
  other_config: Schema.Struct({
    are_multiple_instances_allowed: Schema.Boolean,
    is_normal_list_updating_allowed: Schema.Boolean,
  }),
});
export type ActionConfig = typeof ActionConfig.Type;

/** allowed_user_actions_config: workflow_state, then sub-project key, then action name. */
export const ActionsConfig = Schema.Record(
  Schema.String,
  Schema.Record(Schema.String, Schema.Record(Schema.String, ActionConfig)),
);
export type ActionsConfig = typeof ActionsConfig.Type;

export const SpecialActionConfig = Schema.Struct({
  allowed_states: Schema.Array(Schema.String),
  display_name: Schema.String,
  extra_data: ExtraDataConfig,
});
export type SpecialActionConfig = typeof SpecialActionConfig.Type;

/** allowed_user_special_actions_config: group, then sub-project key. */
export const SpecialActionsConfig = Schema.Record(
  Schema.String,
  Schema.Record(Schema.String, SpecialActionConfig),
);
export type SpecialActionsConfig = typeof SpecialActionsConfig.Type;

/** GET outlets/actions-config/ */
export const ActionsConfigResponse = Schema.Struct({
  allowed_user_actions_config: ActionsConfig,
  allowed_user_special_actions_config: SpecialActionsConfig,
});
export type ActionsConfigResponse = typeof ActionsConfigResponse.Type;

/** What the modal needs of a selected outlet row (spec 000 §3). */
export type SelectedOutlet = { readonly workflow_state: string; readonly subProject: string };

export type OfferedAction = {
  readonly name: string;
  readonly display_name: string;
  readonly extra_data: ExtraDataConfig;
  readonly special: boolean;
};

const actionsOf = (config: ActionsConfig, outlet: SelectedOutlet) =>
  config[outlet.workflow_state]?.[outlet.subProject] ?? {};

/**
 * The actions the modal offers for the selected outlets (spec 000 §4.2, §6): those allowed in every
 * outlet's state and sub-project (none when the states have no common action); an action that
 * disallows multiple instances only for a single outlet; an action updated in the normal list never;
 * then each special action whose allowed states hold every outlet's state.
 */
export function allowedBulkActions(
  outlets: readonly SelectedOutlet[],
  config: ActionsConfigResponse,
): OfferedAction[] {
  const [first, ...rest] = outlets;
  if (!first) return [];
  const normal = Object.entries(actionsOf(config.allowed_user_actions_config, first))
    .filter(([name]) => rest.every((o) => name in actionsOf(config.allowed_user_actions_config, o)))
    .filter(([name]) =>
      outlets.every((o) => {
        const other = actionsOf(config.allowed_user_actions_config, o)[name]!.other_config;
        return (
          !other.is_normal_list_updating_allowed &&
          (other.are_multiple_instances_allowed || outlets.length === 1)
        );
      }),
    )
    .map(([name, action]) => ({
      name,
      display_name: action.display_name,
      extra_data: action.extra_data,
      special: false,
    }));
  const special = Object.entries(config.allowed_user_special_actions_config)
    .filter(([, bySub]) =>
      outlets.every((o) => bySub[o.subProject]?.allowed_states.includes(o.workflow_state) ?? false),
    )
    .map(([name, bySub]) => {
      const action = bySub[first.subProject]!;
      return { name, display_name: action.display_name, extra_data: action.extra_data, special: true };
    });
  return [...normal, ...special];
}

/** The states in which the user has any special action, for show_only_special_action_states. */
export function specialActionStates(config: SpecialActionsConfig): string[] {
  const states = new Set<string>();
  for (const bySub of Object.values(config)) {
    for (const action of Object.values(bySub)) for (const s of action.allowed_states) states.add(s);
  }
  return [...states].sort();
}

/** Whether the action lists offer any action at all, in any state and sub-project. */
export const offersAnyAction = (config: ActionsConfigResponse): boolean =>
  Object.values(config.allowed_user_actions_config).some((bySub) =>
    Object.values(bySub).some((actions) => Object.keys(actions).length > 0),
  ) || Object.keys(config.allowed_user_special_actions_config).length > 0;

/** The update action list offers this one outlet an action (the last condition of 001 §4.2). */
export const offersUpdateActions = (outlet: SelectedOutlet, config: ActionsConfigResponse): boolean =>
  allowedBulkActions([outlet], config).length > 0;
