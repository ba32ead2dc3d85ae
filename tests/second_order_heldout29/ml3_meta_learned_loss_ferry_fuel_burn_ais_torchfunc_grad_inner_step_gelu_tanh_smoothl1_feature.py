# Meta-learning a loss function (ML3, Bechtle et al. 2021) for ferry fuel-burn regression from
# AIS-derived features (speed over ground, draught, wind, current, trim).  The inner update uses
# torch.func.grad over functional_call; the meta-loss on held-out voyages is backpropagated
# through that update into the learned loss network.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad

N_FEAT = 5


class FuelRegressor(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(N_FEAT, hidden), nn.LayerNorm(hidden), nn.SiLU(),
            nn.Linear(hidden, hidden), nn.Softsign(),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


class LearnedLoss(nn.Module):
    """phi(pred, target): sees the prediction, target and a Huber-style residual feature."""

    def __init__(self, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(3, hidden)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, pred, target):
        robust = F.smooth_l1_loss(pred, target, reduction="none", beta=0.5)
        feats = torch.stack([pred, target, robust], dim=-1)
        return F.softplus(self.fc2(self.act(self.fc1(feats)))).mean()


def voyages(n, rough_sea=False):
    x = torch.randn(n, N_FEAT)
    sog, draught, wind, current, trim = x.unbind(1)
    burn = 1.2 * sog + 0.4 * sog ** 2 + 0.5 * draught + 0.3 * wind * (1.5 if rough_sea else 1.0) - 0.2 * current
    burn = burn + 0.1 * trim ** 2 + 0.1 * torch.randn(n)
    return x, burn


def meta_train(meta_iters=3, inner_lr=0.05):
    torch.manual_seed(0)
    learned_loss = LearnedLoss()
    meta_opt = torch.optim.Adam(learned_loss.parameters(), lr=1e-3)
    for it in range(meta_iters):
        model = FuelRegressor()
        params = {k: v.detach().requires_grad_(False) for k, v in model.named_parameters()}
        x_tr, y_tr = voyages(32)
        x_val, y_val = voyages(32, rough_sea=True)

        def inner_objective(p):
            return learned_loss(functional_call(model, p, (x_tr,)), y_tr)

        grads = grad(inner_objective)(params)
        fast = {k: params[k] - inner_lr * grads[k] for k in params}
        meta_loss = F.mse_loss(functional_call(model, fast, (x_val,)), y_val)
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()
        print(f"meta-iter {it}: validation mse after one step {meta_loss.item():.3f}")


if __name__ == "__main__":
    meta_train()
