# Second-order MAML (Finn et al.) over per-vineyard grape ripeness regression tasks (Brix vs. degree days).
import torch
import torch.nn.functional as F

n_way_tasks = 4
inner_lr = 0.01
inner_steps = 2


def init_params(d_in=6, h=40):
    def lin(i, o):
        w = torch.randn(o, i) * (2.0 / i) ** 0.5
        return [w.requires_grad_(), torch.zeros(o, requires_grad=True)]
    ps = lin(d_in, h) + [torch.full((1,), 0.25, requires_grad=True)] + lin(h, h) + lin(h, 1)
    return ps


def forward(x, p):
    w1, b1, a1, w2, b2, w3, b3 = p
    x = F.prelu(F.linear(x, w1, b1), a1)
    x = F.relu6(F.linear(x, w2, b2))
    return F.linear(x, w3, b3)


def sample_task():
    slope, offset = torch.rand(1) * 2, torch.rand(1)
    def draw(n):
        x = torch.rand(n, 6)
        return x, slope * x[:, :1] + offset + 0.05 * torch.randn(n, 1)
    return draw


theta = init_params()
meta_opt = torch.optim.Adam(theta, lr=1e-3)
for meta_it in range(2):
    meta_opt.zero_grad()
    outer = 0.0
    for _ in range(n_way_tasks):
        draw = sample_task()
        xs, ys = draw(10)
        xq, yq = draw(10)
        fast = list(theta)
        for _ in range(inner_steps):
            support_loss = F.mse_loss(forward(xs, fast), ys)
            grads = torch.autograd.grad(support_loss, fast, create_graph=True)
            fast = [w - inner_lr * g for w, g in zip(fast, grads)]
        query_loss = F.mse_loss(forward(xq, fast), yq)
        outer = outer + query_loss / n_way_tasks
    outer.backward()
    meta_opt.step()
    print(meta_it, float(outer))
