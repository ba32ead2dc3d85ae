# Second-order MAML (Finn et al.) for per-species fuel-deposition curves at bird stopover sites.
# Each task: predict body-mass gain from (day, temperature, wind) for one ringing station.
import torch
import torch.nn.functional as F


def init_weights(dims=(3, 40, 40, 1)):
    params = []
    for d_in, d_out in zip(dims[:-1], dims[1:]):
        w = torch.randn(d_out, d_in) * (2.0 / d_in) ** 0.5
        params += [w.requires_grad_(), torch.zeros(d_out, requires_grad=True)]
    return params


def forward(x, weights):
    x = F.linear(x, weights[0], weights[1])
    x = F.hardswish(x)
    x = F.linear(x, weights[2], weights[3])
    x = F.hardswish(x)
    return F.linear(x, weights[4], weights[5])


def sample_task(k=10):
    slope, bias = torch.rand(1) * 2, torch.randn(1)
    x = torch.randn(2 * k, 3)
    y = slope * x[:, :1] + bias + 0.05 * torch.randn(2 * k, 1)
    return x[:k], y[:k], x[k:], y[k:]


weights = init_weights()
meta_optim = torch.optim.Adam(weights, lr=1e-3)
update_lr, update_step, meta_batch = 0.01, 2, 4

for step in range(3):
    losses_q = 0.0
    for _ in range(meta_batch):
        x_spt, y_spt, x_qry, y_qry = sample_task()
        fast_weights = weights
        for k in range(update_step):
            loss = F.mse_loss(forward(x_spt, fast_weights), y_spt)
            grad = torch.autograd.grad(loss, fast_weights, create_graph=True)
            fast_weights = list(map(lambda p: p[1] - update_lr * p[0], zip(grad, fast_weights)))
        losses_q = losses_q + F.mse_loss(forward(x_qry, fast_weights), y_qry)
    meta_optim.zero_grad()
    (losses_q / meta_batch).backward()
    meta_optim.step()
