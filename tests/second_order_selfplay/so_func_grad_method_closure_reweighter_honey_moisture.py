# Learning to reweight honey-moisture samples (NIR band features -> water-content anomaly): the inner step is
# torch.func.grad of a *method* over detached regressor weights, the per-sample weights come from a reweighting
# net held by the trainer (self.weighter); the validation loss at the stepped weights trains the reweighter,
# which it reaches only through the inner gradient.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Reweighter(nn.Module):
    def __init__(self, hidden=8):
        super().__init__()
        self.fc1 = nn.Linear(1, hidden)
        self.act = nn.SELU()
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, losses):
        return torch.sigmoid(self.fc2(self.act(self.fc1(losses.unsqueeze(-1))))).squeeze(-1)


class MetaReweighting:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.weighter = Reweighter()
        self.lr = lr
        self.opt = torch.optim.Adam(self.weighter.parameters(), lr=1e-3)

    def weighted_loss(self, params, x, y):
        pred = torch.func.functional_call(self.model, params, (x,)).squeeze(-1)
        losses = F.mse_loss(pred, y, reduction="none")
        return (self.weighter(losses) * losses).mean()

    def step(self, x, y, x_val, y_val):
        params = {k: v.detach() for k, v in self.model.named_parameters()}
        grads = torch.func.grad(self.weighted_loss)(params, x, y)
        stepped = {k: params[k] - self.lr * grads[k] for k in params}
        val = F.mse_loss(torch.func.functional_call(self.model, stepped, (x_val,)).squeeze(-1), y_val)
        self.opt.zero_grad()
        val.backward()
        self.opt.step()
        return val.item()


def nir_batch(n, noisy=False):
    bands = torch.randn(n, 6)
    water = 1.2 * bands[:, 0] - 0.6 * bands[:, 3] + 0.1 * torch.randn(n)
    if noisy:
        water = water + 2.0 * (torch.rand(n) < 0.2).float() * torch.randn(n)
    return bands, water


if __name__ == "__main__":
    torch.manual_seed(0)
    regressor = nn.Sequential(nn.Linear(6, 16), nn.Softsign(), nn.Linear(16, 1))
    trainer = MetaReweighting(regressor)
    for it in range(3):
        (x, y), (xv, yv) = nir_batch(32, noisy=True), nir_batch(32)
        print(f"iter {it}: validation mse {trainer.step(x, y, xv, yv):.3f}")
