"""Expected-goals (xG) model for ice hockey shots with shape constraints.

Outcome classes: goal / save / miss-or-block. Domain knowledge says the goal
log-probability must not increase with shot distance or with |shot angle|; a
penalty on positive partial derivatives (per shot, via torch.func) enforces it.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap

CONT = ["distance", "abs_angle", "time_since_last_event", "rebound_speed", "period_time_left"]
CFG = {
    "n_shot_types": 6,        # wrist, slap, snap, backhand, tip, wrap
    "n_strengths": 4,         # 5v5, PP, PK, empty net
    "hidden": 32,
    "mono_features": [CONT.index("distance"), CONT.index("abs_angle")],
    "mono_weight": 5.0,
    "exact_jacobian": True,
    "fd_eps": 1e-2,
    "lr": 2e-3,
    "steps": 3,
    "batch": 64,
}
GOAL = 0


class XGModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        h = cfg["hidden"]
        self.encoders = nn.ModuleDict({
            "continuous": nn.Linear(len(CONT), 16),
            "shot_type": nn.Embedding(cfg["n_shot_types"], 4),
            "strength": nn.Embedding(cfg["n_strengths"], 2),
        })
        self.trunk = nn.Sequential(nn.Linear(22, h), nn.CELU(), nn.Linear(h, h), nn.CELU())
        self.out = nn.Linear(h, 3)

    def forward(self, cont, cat):
        h = torch.cat([
            F.elu(self.encoders["continuous"](cont)),
            self.encoders["shot_type"](cat[..., 0]),
            self.encoders["strength"](cat[..., 1]),
        ], dim=-1)
        return F.log_softmax(self.out(self.trunk(h)), dim=-1)


def monotonic_penalty(model, cont, cat, features=CFG["mono_features"], exact=CFG["exact_jacobian"]):
    """Mean squared positive part of d log p(goal) / d x_j for the constrained features."""
    if exact:
        params = dict(model.named_parameters())

        def goal_logp(c, k):
            return functional_call(model, params, (c.unsqueeze(0), k.unsqueeze(0)))[0, GOAL]

        jac = vmap(jacrev(goal_logp))(cont, cat)[:, features]
    else:
        eps = CFG["fd_eps"]
        cols = []
        for j in features:
            step = torch.zeros_like(cont)
            step[:, j] = eps
            up = model(cont + step, cat)[:, GOAL]
            down = model(cont - step, cat)[:, GOAL]
            cols.append((up - down) / (2 * eps))
        jac = torch.stack(cols, dim=1)
    return F.relu(jac).pow(2).mean()


def synth_shots(n, gen):
    dist = 3 + 60 * torch.rand(n, generator=gen)
    ang = 80 * torch.rand(n, generator=gen)
    other = torch.rand(n, 3, generator=gen)
    cont = torch.stack([dist / 60, ang / 80, other[:, 0], other[:, 1], other[:, 2]], dim=1)
    cat = torch.stack([torch.randint(0, 6, (n,), generator=gen), torch.randint(0, 4, (n,), generator=gen)], 1)
    logit_goal = 1.0 - 0.08 * dist - 0.02 * ang + 0.8 * (cat[:, 1] == 1)
    p_goal = torch.sigmoid(logit_goal)
    u = torch.rand(n, generator=gen)
    y = torch.where(u < p_goal, 0, torch.where(u < p_goal + 0.6 * (1 - p_goal), 1, 2))
    return cont, cat, y


def main(cfg=CFG):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = XGModel(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        cont, cat, y = synth_shots(cfg["batch"], gen)
        nll = F.nll_loss(model(cont, cat), y)
        mono = monotonic_penalty(model, cont, cat)
        loss = nll + cfg["mono_weight"] * mono
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            xg = model(cont, cat)[:, GOAL].exp().sum().item()
        print(f"step {step}: nll {nll.item():.4f}  monotonic {mono.item():.2e}  xG/goals {xg:.1f}/{(y == 0).sum().item()}")


if __name__ == "__main__":
    main()
