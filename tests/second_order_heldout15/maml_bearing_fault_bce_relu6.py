# MAML (second order) for few-shot bearing-fault detection from vibration spectra.
import torch
import torch.nn.functional as F
from collections import OrderedDict


def init_params(n_in=32, hidden=40):
    p = OrderedDict()
    p["w1"] = (torch.randn(hidden, n_in) * 0.1).requires_grad_()
    p["b1"] = torch.zeros(hidden, requires_grad=True)
    p["w2"] = (torch.randn(1, hidden) * 0.1).requires_grad_()
    p["b2"] = torch.zeros(1, requires_grad=True)
    return p


def forward(x, p):
    h = F.relu6(F.linear(x, p["w1"], p["b1"]))
    return F.linear(h, p["w2"], p["b2"]).squeeze(-1)


def sample_machine(k=5):
    xs, xq = torch.randn(k, 32), torch.randn(3 * k, 32)
    return xs, (torch.rand(k) > 0.5).float(), xq, (torch.rand(3 * k) > 0.5).float()


params = init_params()
meta_opt = torch.optim.Adam(params.values(), lr=1e-3)
inner_lr = 0.05
for meta_iter in range(3):
    meta_opt.zero_grad()
    total = 0.0
    for task in range(2):
        xs, ys, xq, yq = sample_machine()
        support_loss = F.binary_cross_entropy_with_logits(forward(xs, params), ys)
        grads = torch.autograd.grad(support_loss, list(params.values()), create_graph=True)
        fast = OrderedDict((n, w - inner_lr * g) for (n, w), g in zip(params.items(), grads))
        query_loss = F.binary_cross_entropy_with_logits(forward(xq, fast), yq)
        query_loss.backward()
        total += query_loss.item()
    meta_opt.step()
    print(meta_iter, total / 2)
