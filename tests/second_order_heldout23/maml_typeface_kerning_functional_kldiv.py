# MAML (second order) for few-shot kerning-class prediction of new typefaces.
# Soft targets from designer votes -> KL divergence loss. Functional weights, dragen1860 style.
import torch
import torch.nn.functional as F

n_way, k_shot, k_query, dim = 4, 2, 3, 12
inner_lr, meta_lr, update_step = 0.4, 1e-3, 2


def init_weights():
    w = []
    for din, dout in [(dim, 32), (32, 32), (32, n_way)]:
        w.append(torch.nn.init.kaiming_normal_(torch.empty(dout, din)).requires_grad_())
        w.append(torch.zeros(dout, requires_grad=True))
    return w


def forward(x, vars):
    x = F.linear(x, vars[0], vars[1])
    x = F.hardswish(x)
    x = F.linear(x, vars[2], vars[3])
    x = F.hardswish(x)
    return F.linear(x, vars[4], vars[5])


def task_batch(b=3):
    for _ in range(b):
        xs, xq = torch.randn(n_way * k_shot, dim), torch.randn(n_way * k_query, dim)
        ys = torch.softmax(torch.randn(n_way * k_shot, n_way), -1)
        yq = torch.softmax(torch.randn(n_way * k_query, n_way), -1)
        yield xs, ys, xq, yq


weights = init_weights()
meta_optim = torch.optim.Adam(weights, lr=meta_lr)
for epoch in range(2):
    losses_q = 0.0
    for x_spt, y_spt, x_qry, y_qry in task_batch():
        fast_weights = weights
        for k in range(update_step):
            logits = forward(x_spt, fast_weights)
            loss = F.kl_div(F.log_softmax(logits, dim=1), y_spt, reduction="batchmean")
            grad = torch.autograd.grad(loss, fast_weights, create_graph=True)
            fast_weights = [p - inner_lr * g for g, p in zip(grad, fast_weights)]
        logits_q = forward(x_qry, fast_weights)
        losses_q = losses_q + F.kl_div(logits_q.log_softmax(1), y_qry, reduction="batchmean")
    meta_optim.zero_grad()
    (losses_q / 3).backward()
    meta_optim.step()
