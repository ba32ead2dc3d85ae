# Kelp-canopy cover regression from Landsat band ratios: a learned loss network shapes the inner step, taken
# with torch.func.grad and applied in place under no_grad (a first-order, non-differentiable update); the loss
# network itself is fitted separately to a plain target (once). No gradient is differentiated again.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad


class LossNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 8)
        self.act = nn.SELU()
        self.fc2 = nn.Linear(8, 1)

    def forward(self, pred, target):
        return F.softplus(self.fc2(self.act(self.fc1(torch.stack([pred, target], -1))))).mean()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 16), nn.Softsign(), nn.Linear(16, 1))
    loss_net = LossNet()
    loss_opt = torch.optim.Adam(loss_net.parameters(), lr=1e-3)
    for it in range(3):
        x = torch.randn(32, 4)
        y = torch.sigmoid(x[:, 0] - 0.5 * x[:, 2])
        params = {k: v.detach() for k, v in model.named_parameters()}

        def inner(p):
            return loss_net(functional_call(model, p, (x,)).squeeze(-1), y)

        g = grad(inner)(params)
        with torch.no_grad():
            for k, p in model.named_parameters():
                p -= 0.05 * g[k]
        fit = F.mse_loss(loss_net(y, y) + 0 * y.mean(), torch.tensor(0.0))
        loss_opt.zero_grad()
        fit.backward()
        loss_opt.step()
        print(f"iter {it}: fit {fit.item():.4f}")
