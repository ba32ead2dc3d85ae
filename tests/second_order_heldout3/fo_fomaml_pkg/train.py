"""First-order MAML (FOMAML): inner gradients without create_graph, the query gradient at the adapted weights is applied to the meta-weights."""
import torch
import torch.nn.functional as F
from torch.func import functional_call

from models import Conv4


def adapt(model, params, xs, ys, steps=5, lr=0.4):
    for _ in range(steps):
        loss = F.nll_loss(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(params.values()))
        params = {n: (p - lr * g).detach().requires_grad_() for (n, p), g in zip(params.items(), grads)}
    return params


def main(task_loader, meta_lr=1e-3, iters=1000):
    model = Conv4()
    opt = torch.optim.Adam(model.parameters(), lr=meta_lr)
    for _, (xs, ys, xq, yq) in zip(range(iters), task_loader):
        params = {n: p.detach().clone().requires_grad_() for n, p in model.named_parameters()}
        fast = adapt(model, params, xs, ys)
        q_loss = F.nll_loss(functional_call(model, fast, (xq,)), yq)
        q_grads = torch.autograd.grad(q_loss, list(fast.values()))
        opt.zero_grad()
        for p, g in zip(model.parameters(), q_grads):
            p.grad = g
        opt.step()


if __name__ == "__main__":
    main([])
