# First-order MAML (FOMAML) for per-patient ECG beat classification. The inner-loop helper supports
# second order, but this script calls it with create_graph=False (the first-order approximation).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class BeatNet(nn.Module):
    def __init__(self, n_classes=4, c=16):
        super().__init__()
        self.conv1 = nn.Conv1d(1, c, 7, padding=3)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(c, c, 5, padding=2)
        self.cls = nn.Linear(c, n_classes)

    def forward(self, beat):
        h = self.pool(F.leaky_relu(self.conv1(beat), 0.1))
        h = F.leaky_relu(self.conv2(h), 0.1).mean(-1)
        return F.log_softmax(self.cls(h), dim=-1)


def adapt(model, params, x, y, lr, steps, create_graph):
    for _ in range(steps):
        loss = F.nll_loss(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
        params = {k: p - lr * g for (k, p), g in zip(params.items(), grads)}
    return params


def meta_batch(model, tasks, inner_lr=0.05, steps=2):
    outer = 0.0
    for xs, ys, xq, yq in tasks:
        base = dict(model.named_parameters())
        fast = adapt(model, base, xs, ys, inner_lr, steps, create_graph=False)
        outer = outer + F.nll_loss(functional_call(model, fast, (xq,)), yq)
    return outer / len(tasks)


def patient_task():
    return torch.randn(8, 1, 64), torch.randint(0, 4, (8,)), torch.randn(12, 1, 64), torch.randint(0, 4, (12,))


if __name__ == "__main__":
    net = BeatNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(2):
        loss = meta_batch(net, [patient_task() for _ in range(3)])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())
