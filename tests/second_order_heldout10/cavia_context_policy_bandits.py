"""CAVIA (Zintgraf et al., 2019) on a family of contextual bandits.

Only a context vector is adapted in the inner loop; the policy weights are meta-learned through the
inner update (create_graph=True), so the outer REINFORCE loss differentiates the inner gradient.
"""
import torch
import torch.nn as nn

N_ARMS, OBS, CTX = 5, 6, 4


class ContextPolicy(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(OBS + CTX, 64), nn.Tanh(), nn.Linear(64, N_ARMS))
        self.log_probs = nn.LogSoftmax(dim=-1)

    def forward(self, obs, ctx):
        h = torch.cat([obs, ctx.expand(obs.size(0), -1)], dim=-1)
        return self.log_probs(self.body(h))


def rollout(policy, ctx, task, n=32):
    obs = torch.randn(n, OBS)
    logp = policy(obs, ctx)
    actions = torch.multinomial(logp.exp().detach(), 1)
    rewards = (obs @ task).gather(1, actions)          # task: OBS x N_ARMS reward weights
    chosen = torch.gather(logp, 1, actions)
    return -(chosen * (rewards - rewards.mean())).mean()


policy = ContextPolicy()
meta_opt = torch.optim.Adam(policy.parameters(), lr=3e-3)
inner_lr = 1.0
for meta_it in range(3):
    meta_opt.zero_grad()
    outer = 0.0
    for _ in range(4):
        task = torch.randn(OBS, N_ARMS)
        ctx = torch.zeros(1, CTX, requires_grad=True)
        inner_loss = rollout(policy, ctx, task)
        g_ctx, = torch.autograd.grad(inner_loss, ctx, create_graph=True)
        ctx_adapted = ctx - inner_lr * g_ctx
        outer = outer + rollout(policy, ctx_adapted, task)
    (outer / 4).backward()
    meta_opt.step()
    print(meta_it, float(outer))
