# County-level crop-yield regressor; logs the global gradient norm and clips it (no penalty on it).
import torch
import torch.nn as nn

model = nn.Sequential(
    nn.Linear(24, 128),
    nn.ELU(),
    nn.Dropout(0.1),
    nn.Linear(128, 64),
    nn.ELU(),
    nn.Linear(64, 1),
)
opt = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=1e-4)
crit = nn.SmoothL1Loss()
max_norm = 1.0

for epoch in range(3):
    x, y = torch.randn(32, 24), torch.randn(32, 1)
    opt.zero_grad(set_to_none=True)
    loss = crit(model(x), y)
    loss.backward()
    total_norm = torch.norm(torch.stack([p.grad.detach().norm(2) for p in model.parameters() if p.grad is not None]), 2)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    opt.step()
    print(f"epoch {epoch} loss {loss.item():.4f} grad_norm {total_norm.item():.3f}")
