# Synaptic Intelligence (Zenke et al. 2017) for split-task continual learning on tabular sensor data: the
# per-parameter importance is the path integral of -grad * delta_theta, accumulated from ordinary gradients.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(20, 64), nn.LayerNorm(64), nn.PReLU(), nn.Linear(64, 64), nn.PReLU())
        self.out = nn.Linear(64, 4)
        self.log_softmax = nn.LogSoftmax(dim=1)

    def forward(self, x):
        return self.log_softmax(self.out(self.body(x)))


model = Net()
nll = nn.NLLLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
params = {n: p for n, p in model.named_parameters()}
omega = {n: torch.zeros_like(p) for n, p in params.items()}
anchor = {n: p.detach().clone() for n, p in params.items()}
c, xi = 0.1, 1e-3
for task in range(2):
    path = {n: torch.zeros_like(p) for n, p in params.items()}
    start = {n: p.detach().clone() for n, p in params.items()}
    for step in range(3):
        x, y = torch.randn(16, 20), torch.randint(0, 4, (16,))
        loss = nll(model(x), y)
        surrogate = sum((omega[n] * (p - anchor[n]) ** 2).sum() for n, p in params.items())
        opt.zero_grad()
        (loss + c * surrogate).backward()
        old = {n: p.detach().clone() for n, p in params.items()}
        grads = {n: p.grad.detach().clone() for n, p in params.items()}
        opt.step()
        for n, p in params.items():
            path[n] -= grads[n] * (p.detach() - old[n])
    for n, p in params.items():
        delta = p.detach() - start[n]
        omega[n] += path[n] / (delta ** 2 + xi)
        anchor[n] = p.detach().clone()
    print("task", task, loss.item())
