import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class SpeedRegressor(nn.Module):
    def __init__(self, n_in=12, hidden=40):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def sample_sensor_task():
    x = torch.randn(20, 12)
    w = torch.randn(12, 1)
    return x[:10], x[:10] @ w, x[10:], x[10:] @ w


net = SpeedRegressor()
meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
inner_lr, inner_steps = 0.01, 2
for meta_iter in range(2):
    meta_opt.zero_grad()
    outer = 0.0
    for _ in range(3):
        xs, ys, xq, yq = sample_sensor_task()
        fast = dict(net.named_parameters())
        for _ in range(inner_steps):
            loss = F.mse_loss(functional_call(net, fast, (xs,)), ys)
            grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
            fast = {k: v - inner_lr * g for (k, v), g in zip(fast.items(), grads)}
        outer = outer + F.mse_loss(functional_call(net, fast, (xq,)), yq)
    (outer / 3).backward()
    meta_opt.step()
