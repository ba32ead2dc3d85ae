# MAML for few-shot glacier melt-rate regression: each task = one glacier's sensor history
import torch
import torch.nn.functional as F


def init_params(n_in=6, hidden=40):
    return [
        torch.nn.init.kaiming_uniform_(torch.empty(hidden, n_in)).requires_grad_(),
        torch.zeros(hidden, requires_grad=True),
        torch.nn.init.kaiming_uniform_(torch.empty(hidden, hidden)).requires_grad_(),
        torch.zeros(hidden, requires_grad=True),
        torch.nn.init.kaiming_uniform_(torch.empty(1, hidden)).requires_grad_(),
        torch.zeros(1, requires_grad=True),
    ]


def net(x, w):
    x = F.relu6(F.linear(x, w[0], w[1]))
    x = F.relu6(F.linear(x, w[2], w[3]))
    return F.linear(x, w[4], w[5])


def sample_task(k=10):
    a = torch.randn(6)
    xs, xq = torch.randn(k, 6), torch.randn(k, 6)
    return xs, (xs @ a).unsqueeze(1), xq, (xq @ a).unsqueeze(1)


weights = init_params()
meta_opt = torch.optim.Adam(weights, lr=1e-3)
inner_lr, inner_steps = 0.01, 2
for meta_iter in range(2):
    meta_opt.zero_grad()
    for _ in range(3):
        xs, ys, xq, yq = sample_task()
        fast = weights
        for _ in range(inner_steps):
            loss = F.mse_loss(net(xs, fast), ys)
            grads = torch.autograd.grad(loss, fast, create_graph=True)
            fast = [w - inner_lr * g for w, g in zip(fast, grads)]
        F.mse_loss(net(xq, fast), yq).div(3).backward()
    meta_opt.step()
