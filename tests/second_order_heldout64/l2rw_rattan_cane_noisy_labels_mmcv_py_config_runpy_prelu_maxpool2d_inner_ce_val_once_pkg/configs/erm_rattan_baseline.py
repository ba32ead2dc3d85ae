_base_ = [
    './_base_/models/cane_grader.py',
    './_base_/schedules/l2rw_sgd.py',
    './_base_/default_runtime.py',
]
# Plain ERM on the noisy labels (no reweighting); kept as the baseline row of the report.
model = dict(backbone=dict(act_cfg=dict(type='Hardswish')))
meta = None
