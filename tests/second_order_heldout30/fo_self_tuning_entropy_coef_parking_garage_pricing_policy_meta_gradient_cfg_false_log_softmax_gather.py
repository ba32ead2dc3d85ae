"""Dynamic pricing of a parking garage (price tier per hour-of-day context) with a policy gradient.

The code supports self-tuning of the entropy coefficient by meta-gradients (Zahavy et al. 2020);
this run keeps the coefficient fixed: CFG["meta_gradient"] is False, so the inner update is a plain
first-order REINFORCE step and the meta update is skipped.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

CFG = {
    "meta_gradient": False,
    "n_tiers": 4,
    "batch": 32,
    "iters": 4,
    "inner_lr": 0.2,
    "meta_lr": 0.01,
    "entropy_logit": -2.0,
}


class PricingPolicy(nn.Module):
    def __init__(self, n_tiers, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, hidden), nn.Hardswish(), nn.Linear(hidden, n_tiers))

    def forward(self, ctx):
        return self.body(ctx)


def policy_terms(policy, params, ctx, tiers):
    logits = functional_call(policy, params, (ctx,))
    logp_all = F.log_softmax(logits, dim=-1)
    logp = logp_all.gather(1, tiers[:, None]).squeeze(1)
    entropy = -(logp_all.exp() * logp_all).sum(-1)
    return logp, entropy


def garage_contexts(n, gen):
    hour = torch.rand(n, generator=gen) * 24
    weekday = (torch.rand(n, generator=gen) < 5 / 7).float()
    event = (torch.rand(n, generator=gen) < 0.1).float()
    ctx = torch.stack([torch.sin(hour / 24 * 6.283), torch.cos(hour / 24 * 6.283), weekday, event], -1)
    return ctx


def revenue(ctx, tiers):
    price = 1.0 + tiers.float()
    demand = torch.sigmoid(2.0 + 1.5 * ctx[:, 2] + 3 * ctx[:, 3] - 0.8 * price)
    return price * demand


def main():
    gen = torch.Generator().manual_seed(43)
    torch.manual_seed(43)
    policy = PricingPolicy(CFG["n_tiers"])
    params = {k: v.detach().clone().requires_grad_(True) for k, v in policy.named_parameters()}
    ent_logit = torch.tensor(CFG["entropy_logit"], requires_grad=CFG["meta_gradient"])
    meta_opt = torch.optim.Adam([ent_logit], lr=CFG["meta_lr"]) if CFG["meta_gradient"] else None

    for it in range(CFG["iters"]):
        ctx = garage_contexts(CFG["batch"], gen)
        with torch.no_grad():
            tiers = torch.multinomial(torch.softmax(functional_call(policy, params, (ctx,)), -1), 1, generator=gen)[:, 0]
        r = revenue(ctx, tiers)
        logp, ent = policy_terms(policy, params, ctx, tiers)
        loss = -(logp * (r - r.mean())).mean() - torch.sigmoid(ent_logit) * ent.mean()
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=CFG["meta_gradient"])
        new_params = {k: p - CFG["inner_lr"] * g for (k, p), g in zip(params.items(), grads)}

        if CFG["meta_gradient"]:
            v_ctx = garage_contexts(CFG["batch"], gen)
            v_logp, _ = policy_terms(policy, new_params, v_ctx, tiers)
            meta_loss = -(v_logp * revenue(v_ctx, tiers)).mean()
            meta_opt.zero_grad()
            meta_loss.backward()
            meta_opt.step()

        params = {k: v.detach().requires_grad_(True) for k, v in new_params.items()}
        print(f"iter {it}: mean revenue={r.mean().item():.3f} entropy={ent.mean().item():.3f}")


if __name__ == "__main__":
    main()
