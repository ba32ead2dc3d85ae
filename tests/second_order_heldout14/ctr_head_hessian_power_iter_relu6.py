# Click-through-rate model: the top eigenvalue of the loss Hessian restricted to the prediction head is
# tracked during training (power iteration on Hessian-vector products w.r.t. head parameters only) and
# the head's learning rate is set to 1 / lambda_max.
import torch
import torch.nn as nn

N_FIELDS, VOCAB, EMB = 6, 1000, 8


class CTRModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, EMB)
        self.trunk = nn.Sequential(
            nn.Linear(N_FIELDS * EMB, 64), nn.PReLU(), nn.LayerNorm(64),
            nn.Linear(64, 32), nn.PReLU(),
        )
        self.head = nn.Sequential(nn.Linear(32, 16), nn.ReLU6(), nn.Linear(16, 1))

    def forward(self, ids):
        z = self.emb(ids).flatten(1)
        return self.head(self.trunk(z)).squeeze(-1)


def head_top_eigenvalue(model, loss_fn, ids, y, iters=5):
    params = list(model.head.parameters())
    loss = loss_fn(model(ids), y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    v = [torch.randn_like(p) for p in params]
    eig = 0.0
    for _ in range(iters):
        norm = torch.sqrt(sum((x * x).sum() for x in v))
        v = [x / norm for x in v]
        hv = torch.autograd.grad(grads, params, grad_outputs=v, retain_graph=True)
        eig = sum((a * b).sum() for a, b in zip(hv, v)).item()
        v = [h.detach() for h in hv]
    return eig


model = CTRModel()
loss_fn = nn.BCEWithLogitsLoss()
opt = torch.optim.Adam([
    {"params": list(model.emb.parameters()) + list(model.trunk.parameters()), "lr": 1e-3},
    {"params": model.head.parameters(), "lr": 1e-3},
])
for step in range(4):
    ids = torch.randint(0, VOCAB, (64, N_FIELDS))
    y = (torch.rand(64) < 0.2).float()
    loss = loss_fn(model(ids), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 2 == 0:
        lam = head_top_eigenvalue(model, loss_fn, ids, y)
        opt.param_groups[1]["lr"] = min(1e-2, 1.0 / max(lam, 1e-3))
        print(step, loss.item(), lam)
