# Second-order MAML (Finn et al. 2017) with the classic Conv-4 backbone on few-shot cuneiform sign crops.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

N_WAY, K_SHOT, K_QUERY, IMG = 3, 2, 3, 16


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout, track_running_stats=False),
        nn.ReLU(),
        nn.MaxPool2d(2),
    )


class Conv4(nn.Module):
    def __init__(self, n_way, hid=8):
        super().__init__()
        self.encoder = nn.Sequential(conv_block(1, hid), conv_block(hid, hid), conv_block(hid, hid))
        self.classifier = nn.Linear(hid * 2 * 2, n_way)

    def forward(self, x):
        return self.classifier(self.encoder(x).flatten(1))


def sample_task():
    protos = torch.rand(N_WAY, 1, IMG, IMG)
    def draw(k):
        x = protos.repeat_interleave(k, 0) + 0.1 * torch.randn(N_WAY * k, 1, IMG, IMG)
        return x, torch.arange(N_WAY).repeat_interleave(k)
    return draw(K_SHOT), draw(K_QUERY)


def adapt(model, params, x_s, y_s, inner_lr=0.4, steps=1, first_order=False):
    for _ in range(steps):
        logits = functional_call(model, params, (x_s,))
        loss = F.cross_entropy(logits, y_s)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
        params = {name: p - inner_lr * g for (name, p), g in zip(params.items(), grads)}
    return params


def meta_train(meta_steps=2, tasks_per_batch=2):
    model = Conv4(N_WAY)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(meta_steps):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(tasks_per_batch):
            (x_s, y_s), (x_q, y_q) = sample_task()
            fast = adapt(model, dict(model.named_parameters()), x_s, y_s)
            q_logits = functional_call(model, fast, (x_q,))
            q_loss = F.cross_entropy(q_logits, y_q) / tasks_per_batch
            q_loss.backward()
            total += q_loss.item()
        meta_opt.step()
        print(f"meta step {step}: query loss {total:.4f}")


if __name__ == "__main__":
    meta_train()
