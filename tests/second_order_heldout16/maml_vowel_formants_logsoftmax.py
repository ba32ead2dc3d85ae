# Second-order MAML on 5-way vowel classification from formant trajectories (functional weights)
import torch
import torch.nn.functional as F


def init_params(n_in=24, hidden=64, n_way=5):
    def lin(i, o):
        w = torch.empty(o, i)
        torch.nn.init.kaiming_uniform_(w, a=5 ** 0.5)
        return w.requires_grad_(), torch.zeros(o, requires_grad=True)
    w1, b1 = lin(n_in, hidden)
    w2, b2 = lin(hidden, hidden)
    w3, b3 = lin(hidden, n_way)
    return [w1, b1, w2, b2, w3, b3]


def forward(x, params):
    w1, b1, w2, b2, w3, b3 = params
    h = F.relu(F.linear(x, w1, b1))
    h = torch.tanh(F.linear(h, w2, b2))
    return F.log_softmax(F.linear(h, w3, b3), dim=-1)


def sample_task(n_way=5, k_shot=3, n_query=5, dim=24):
    protos = torch.randn(n_way, dim)
    xs = protos.repeat_interleave(k_shot, 0) + 0.3 * torch.randn(n_way * k_shot, dim)
    xq = protos.repeat_interleave(n_query, 0) + 0.3 * torch.randn(n_way * n_query, dim)
    return xs, torch.arange(n_way).repeat_interleave(k_shot), xq, torch.arange(n_way).repeat_interleave(n_query)


params = init_params()
meta_opt = torch.optim.Adam(params, lr=1e-3)
inner_lr, inner_steps = 0.4, 2

for episode in range(3):
    meta_opt.zero_grad()
    outer = 0.0
    for _ in range(2):
        xs, ys, xq, yq = sample_task()
        fast = list(params)
        for _ in range(inner_steps):
            support_loss = F.nll_loss(forward(xs, fast), ys)
            grads = torch.autograd.grad(support_loss, fast, create_graph=True)
            fast = [p - inner_lr * g for p, g in zip(fast, grads)]
        query_loss = F.nll_loss(forward(xq, fast), yq)
        outer = outer + query_loss
    (outer / 2).backward()
    meta_opt.step()
    print(episode, float(outer))
