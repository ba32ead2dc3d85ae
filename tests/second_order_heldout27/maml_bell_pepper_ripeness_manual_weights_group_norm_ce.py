# Second-order MAML, 3-way few-shot ripeness stage (green / breaker / red) of bell peppers per greenhouse.
# The learner is written functionally over an explicit weight dict, as in the original MAML code.
import torch
import torch.nn.functional as F

N_WAY, K_SHOT, K_QUERY = 3, 2, 3
INNER_LR, INNER_STEPS, META_LR = 0.1, 2, 1e-3
CH = 8


def init_weights():
    w = {}
    w["conv1.w"] = torch.randn(CH, 3, 3, 3) * 0.2
    w["conv1.b"] = torch.zeros(CH)
    w["gn1.w"], w["gn1.b"] = torch.ones(CH), torch.zeros(CH)
    w["conv2.w"] = torch.randn(CH, CH, 3, 3) * 0.1
    w["conv2.b"] = torch.zeros(CH)
    w["gn2.w"], w["gn2.b"] = torch.ones(CH), torch.zeros(CH)
    w["fc.w"] = torch.randn(N_WAY, CH) * 0.1
    w["fc.b"] = torch.zeros(N_WAY)
    return {k: v.requires_grad_() for k, v in w.items()}


def forward(x, w):
    for i in (1, 2):
        x = F.conv2d(x, w[f"conv{i}.w"], w[f"conv{i}.b"], padding=1)
        x = F.group_norm(x, 2, w[f"gn{i}.w"], w[f"gn{i}.b"])
        x = F.relu(x)
        x = x[:, :, ::2, ::2]
    x = x.mean(dim=(2, 3))
    return F.linear(x, w["fc.w"], w["fc.b"])


def sample_task(n_per_class):
    hues = torch.rand(N_WAY) * 0.3 + torch.tensor([0.0, 0.35, 0.7])
    xs, ys = [], []
    for c in range(N_WAY):
        base = torch.tensor([hues[c], 1 - hues[c], 0.2]).view(1, 3, 1, 1)
        xs.append(base + 0.1 * torch.randn(n_per_class, 3, 16, 16))
        ys.append(torch.full((n_per_class,), c))
    return torch.cat(xs), torch.cat(ys)


def adapt(weights, x_s, y_s):
    fast = dict(weights)
    for _ in range(INNER_STEPS):
        loss = F.cross_entropy(forward(x_s, fast), y_s)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
        fast = {k: v - INNER_LR * g for (k, v), g in zip(fast.items(), grads)}
    return fast


def meta_train(meta_iters=3, tasks_per_batch=2):
    torch.manual_seed(11)
    weights = init_weights()
    meta_opt = torch.optim.Adam(weights.values(), lr=META_LR)
    for it in range(meta_iters):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(tasks_per_batch):
            x_s, y_s = sample_task(K_SHOT)
            x_q, y_q = sample_task(K_QUERY)
            fast = adapt(weights, x_s, y_s)
            q_loss = F.cross_entropy(forward(x_q, fast), y_q) / tasks_per_batch
            q_loss.backward()
            total += q_loss.item()
        meta_opt.step()
        print(f"meta-iter {it}: query loss {total:.4f}")


if __name__ == "__main__":
    meta_train()
