/* SPDX-License-Identifier: MIT */
/* select.c - forcing an implementation by name, never silently. */
#include <string.h>

#include "cost_model.h"
#include "diag.h"
#include "quote.h"
#include "select.h"

bool select_impl(struct algo_choice *choice, const char *impl_name)
{
	enum family family = choice->algo->family;

	choice->forced = NULL;
	if (!impl_name || strcmp(impl_name, "auto") == 0) {
		impl_select_auto(family, &choice->dispatch);
		cost_model_auto_lanes(family, &choice->lanes);
		return true;
	}
	const struct impl *impl = impl_find(family, impl_name);
	if (!impl) {
		char names[256] = "auto";
		for (const struct impl *i = impl_table(family); i->name; i++) {
			strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, i->name, sizeof names - strlen(names) - 1);
		}
		diag_error(0, "unknown implementation %s for %s; valid: %s", quote_arg(impl_name),
			   choice->algo->name, names);
		return false;
	}
	cpu_features missing = impl_missing(impl);
	if (missing) {
		char list[256];
		cpu_features_format(missing, ", ", list, sizeof list);
		diag_error(0, "implementation %s of %s cannot run here: this CPU/OS lacks %s",
			   quote_arg(impl_name), choice->algo->name, list);
		return false;
	}
	/* A multi-buffer row serves the lane scheduler (see lanes.c). */
	choice->forced = impl;
	memset(&choice->lanes, 0, sizeof choice->lanes);
	select_row_dispatch(impl, &choice->dispatch);
	if (impl_is_multibuffer(impl))
		cost_model_lanes(family, profile_get(), cpu_features_get(), impl, &choice->lanes);
	return true;
}

void select_row_dispatch(const struct impl *impl, struct dispatch *out)
{
	if (impl_is_multibuffer(impl))
		impl_select_auto(impl->family, out);
	else
		impl_select_one(impl, out);
}

bool select_name_known(const char *name)
{
	if (strcmp(name, "auto") == 0)
		return true;
	for (unsigned f = 0; f < FAMILY_COUNT; f++)
		if (impl_find((enum family)f, name))
			return true;
	return false;
}

bool select_name_serves(const char *name, const struct algo *algo)
{
	return name && (impl_find(algo->family, name) || !select_name_known(name));
}

bool select_list_forces(const struct options *opt, const struct algo *algo)
{
	const char *name = opt->impl_name;

	if (!name)
		return false;
	if (algo->family == opt->algos[0].algo->family)
		return !opt->untagged_by_length || select_name_serves(name, algo);
	return opt->untagged_by_length && impl_find(algo->family, name);
}

bool select_for_lists(struct algo_choice *choices, const struct options *opt)
{
	const struct algo_choice *given = &opt->algos[0];

	for (const struct algo *a = algos; a->name; a++) {
		struct algo_choice *c = &choices[a - algos];
		if (a->family == given->algo->family) {
			*c = *given;
		} else {
			c->algo = a;
			if (!select_impl(c, select_list_forces(opt, a) ? opt->impl_name : NULL))
				return false;
		}
		c->algo = a;
	}
	return true;
}

bool select_for_meta(struct algo_choice *choices, const bool *wanted, const char *impl_name)
{
	for (const struct algo *a = algos; a->name; a++) {
		if (!wanted[a - algos])
			continue;
		struct algo_choice *c = &choices[a - algos];
		c->algo = a;
		if (!select_impl(c, select_name_serves(impl_name, a) ? impl_name : NULL))
			return false;
	}
	return true;
}
