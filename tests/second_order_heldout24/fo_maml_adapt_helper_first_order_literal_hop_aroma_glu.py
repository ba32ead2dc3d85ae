# First-order MAML for few-shot hop-variety aroma classification from GC-MS peak vectors.
# adapt() supports full second-order MAML, but this training run passes first_order=True.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class AromaNet(nn.Module):
    def __init__(self, n_peaks=30, n_way=5):
        super().__init__()
        self.fc1 = nn.Linear(n_peaks, 64)
        self.gate = nn.GLU()
        self.fc2 = nn.Linear(32, n_way)

    def forward(self, x):
        return self.fc2(self.gate(self.fc1(x)))


def adapt(model, params, x, y, lr=0.4, steps=1, first_order=False):
    for _ in range(steps):
        loss = F.cross_entropy(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, params.values(), create_graph=not first_order)
        params = {n: p - lr * g for (n, p), g in zip(params.items(), grads)}
    return params


model = AromaNet()
meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for it in range(3):
    meta_opt.zero_grad()
    for _ in range(2):
        xs, ys = torch.randn(10, 30), torch.arange(5).repeat(2)
        xq, yq = torch.randn(10, 30), torch.arange(5).repeat(2)
        fast = adapt(model, dict(model.named_parameters()), xs, ys, steps=2, first_order=True)
        F.cross_entropy(functional_call(model, fast, (xq,)), yq).backward()
    meta_opt.step()
