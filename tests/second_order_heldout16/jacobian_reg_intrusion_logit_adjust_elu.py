"""Network-intrusion detection on flow features (imbalanced classes) with logit adjustment and the
random-projection Jacobian regulariser of Hoffman et al. (2019) for robustness to feature perturbations."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FlowClassifier(nn.Module):
    def __init__(self, d_in=20, n_cls=4, class_counts=(900.0, 60.0, 30.0, 10.0), tau=1.0):
        super().__init__()
        self.l1 = nn.Linear(d_in, 64)
        self.a1 = nn.ELU()
        self.l2 = nn.Linear(64, n_cls)
        self.register_buffer("prior_logits", torch.tensor(class_counts).log())
        self.tau = tau

    def forward(self, x):
        log_prior = F.log_softmax(self.prior_logits, dim=0)
        return self.l2(self.a1(self.l1(x))) + self.tau * log_prior


def jacobian_reg(x, logits, n_proj=1):
    C = logits.shape[1]
    reg = 0.0
    for _ in range(n_proj):
        v = torch.randn(logits.shape)
        v = v / v.norm(dim=1, keepdim=True)
        Jv, = torch.autograd.grad(logits, x, grad_outputs=v, retain_graph=True, create_graph=True)
        reg = reg + C * Jv.pow(2).sum() / (n_proj * x.shape[0])
    return reg


model = FlowClassifier()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    x = torch.randn(16, 20).requires_grad_(True)
    y = torch.randint(0, 4, (16,))
    logits = model(x)
    loss = F.cross_entropy(logits, y) + 0.01 * jacobian_reg(x, logits)
    opt.zero_grad()
    loss.backward()
    opt.step()
