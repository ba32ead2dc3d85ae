"""MAML-style few-shot food recognition with torch.func.functional_call; the inner step takes a create_graph flag."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class DishNet(nn.Module):
    def __init__(self, n_way=5):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.act = nn.ReLU6()
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(8, n_way)

    def forward(self, x):
        return self.head(self.gap(self.act(self.conv(x))).flatten(1))


def adapt(model, params, x_s, y_s, inner_lr, steps, create_graph=False):
    for _ in range(steps):
        support_loss = F.cross_entropy(functional_call(model, params, (x_s,)), y_s)
        grads = torch.autograd.grad(support_loss, list(params.values()), create_graph=create_graph)
        params = {n: p - inner_lr * g for (n, p), g in zip(params.items(), grads)}
    return params


net = DishNet()
meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for episode in range(2):
    meta_opt.zero_grad()
    x_s, y_s = torch.randn(10, 3, 12, 12), torch.arange(5).repeat(2)
    x_q, y_q = torch.randn(10, 3, 12, 12), torch.arange(5).repeat(2)
    fast = adapt(net, dict(net.named_parameters()), x_s, y_s, inner_lr=0.4, steps=1, create_graph=True)
    query_logits = functional_call(net, fast, (x_q,))
    meta_loss = F.cross_entropy(query_logits, y_q)
    meta_loss.backward()
    meta_opt.step()
