"""Mould-risk classifier for cheese ripening caves trained with a curvature-aware step size:
lr_t = |g.g| / (g.H.g), where H.g is a forward-over-reverse Hessian-vector product (torch.func.jvp over grad)."""
import torch
import torch.nn as nn
from torch.func import functional_call, grad, jvp


class MouldRisk(nn.Module):
    def __init__(self, n_sensors=7, hidden=24):
        super().__init__()
        self.inp = nn.Linear(n_sensors, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.act = nn.ReLU6()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.act(self.norm(self.inp(x)))).squeeze(-1)


def make_loss(model, x, y):
    criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(2.0))

    def loss_fn(params):
        return criterion(functional_call(model, params, (x,)), y)

    return loss_fn


def curvature_step(model, x, y, max_lr=1.0):
    params = {k: v.detach() for k, v in model.named_parameters()}
    loss_fn = make_loss(model, x, y)
    g = grad(loss_fn)(params)
    _, hg = jvp(grad(loss_fn), (params,), (g,))
    gg = sum((gi * gi).sum() for gi in g.values())
    ghg = sum((g[k] * hg[k]).sum() for k in g)
    lr = min(max_lr, float(gg / ghg.clamp_min(1e-8)))
    with torch.no_grad():
        for k, p in model.named_parameters():
            p.sub_(lr * g[k])
    return loss_fn(params).item(), lr


def main(steps=3):
    torch.manual_seed(0)
    model = MouldRisk()
    x = torch.randn(64, 7)
    y = (x[:, 0] + 0.5 * x[:, 3] > 0.8).float()
    for s in range(steps):
        loss, lr = curvature_step(model, x, y)
        print(s, loss, lr)


if __name__ == "__main__":
    main()
